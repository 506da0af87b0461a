import { ErrorCode } from '@momentos/contract';
import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import enCommon from '../../public/locales/en/common.json';
import enPersonalization from '../../public/locales/en/personalization.json';
import esCommon from '../../public/locales/es/common.json';
import esPersonalization from '../../public/locales/es/personalization.json';
import { ApiError } from './api-client';
import { describeError } from './error-message';

function tFor(lng: 'es' | 'en', ns = 'common'): TFunction {
  const i18n = createInstance();
  void i18n.init({
    lng,
    resources: {
      es: { common: esCommon, personalization: esPersonalization },
      en: { common: enCommon, personalization: enPersonalization },
    },
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return i18n.getFixedT(lng, ns);
}

describe('server error codes', () => {
  it.each([
    ['es', esCommon],
    ['en', enCommon],
  ] as const)('every ErrorCode has its text in %s (common.json errors.<CODE>)', (_lng, file) => {
    const texts = file.errors as Record<string, string>;
    const missing = Object.values(ErrorCode).filter((code) => !texts[code]?.trim());
    expect(missing).toEqual([]);
  });
});

describe('describeError', () => {
  // What the server answers for a corrupt photo: its message is English, for developers and logs.
  const corrupt = new ApiError(
    'Unsupported format: upload JPEG, PNG, WebP, GIF or HEIC photos, or MP4, MOV or WebM videos',
    415,
    'FILE_TYPE_NOT_ALLOWED',
  );

  it('shows the translated text of the code, never the server’s message', () => {
    expect(describeError(tFor('es'), corrupt)).toBe(esCommon.errors.FILE_TYPE_NOT_ALLOWED);
    expect(describeError(tFor('en'), corrupt)).toBe(enCommon.errors.FILE_TYPE_NOT_ALLOWED);
    expect(describeError(tFor('es'), corrupt)).not.toContain('Unsupported');
  });

  it('falls back to the caller’s text, or a generic one, for a code it does not know', () => {
    const unknown = new ApiError('Something only developers read', 409, 'SOME_NEW_CODE');
    expect(describeError(tFor('es'), unknown)).toBe('Ocurrió un error inesperado');
    expect(describeError(tFor('es'), unknown, 'No se pudo guardar')).toBe('No se pudo guardar');
    expect(describeError(tFor('es'), new ApiError('Internal server error', 500))).toBe(esCommon.errors.server);
    expect(describeError(tFor('en'), new TypeError('x is undefined'))).toBe('An unexpected error occurred');
  });

  it('names the field a validation error is about', () => {
    const email = new ApiError('Invalid request: email: Invalid email address', 400, 'VALIDATION_ERROR');
    expect(describeError(tFor('es'), email)).toBe('El correo no es válido');
    expect(describeError(tFor('en'), email)).toBe('Email is not valid');
    const name = new ApiError(
      'Invalid request: uploaderName: Too big: expected string to have <=80 characters',
      400,
      'VALIDATION_ERROR',
    );
    expect(describeError(tFor('es'), name)).toBe('Revisa el campo «Tu nombre»');
    const other = new ApiError('Invalid request: zzz: Required', 400, 'VALIDATION_ERROR');
    expect(describeError(tFor('es'), other)).toBe(esCommon.errors.VALIDATION_ERROR);
  });

  it('prefers the screen’s own words for a code, then the site’s', () => {
    const t = tFor('es', 'personalization');
    expect(describeError(t, new ApiError('too big', 413, 'FILE_TOO_LARGE'))).toBe(
      esPersonalization.errors.FILE_TOO_LARGE,
    );
    expect(describeError(t, new ApiError('limit', 403, 'PHOTO_LIMIT_REACHED'))).toBe(
      esCommon.errors.PHOTO_LIMIT_REACHED,
    );
  });

  it('names the video limits a refused clip is over, from the contract', () => {
    const long = new ApiError('Video too long', 422, 'VIDEO_TOO_LONG');
    expect(describeError(tFor('es'), long)).toBe(
      'El video dura más de 5 minutos. Recórtalo en tu teléfono y súbelo de nuevo.',
    );
    expect(describeError(tFor('en'), long)).toContain('longer than 5 minutes');
    const large = new ApiError('Video resolution too high', 422, 'VIDEO_RESOLUTION_TOO_HIGH');
    expect(describeError(tFor('es'), large)).toContain('hasta 4096 píxeles');
    expect(describeError(tFor('en'), large)).toContain('up to 4096 pixels');
  });
});
