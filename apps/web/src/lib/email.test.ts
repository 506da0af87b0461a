import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email';

describe('isValidEmail', () => {
  it('agrees with the server’s zod rule on usual and unusual addresses', () => {
    const samples = [
      'ana@example.com',
      'ana.lopez+fiesta@mail.example.mx',
      ' ana@example.com ',
      'ana@',
      'ana@example',
      '@example.com',
      'ana@@example.com',
      'ana lopez@example.com',
      'ana@example.c',
      'ana..b@example.com',
    ];
    for (const sample of samples)
      expect({ sample, valid: isValidEmail(sample) }).toEqual({
        sample,
        valid: z.email().safeParse(sample.trim()).success,
      });
  });
});
