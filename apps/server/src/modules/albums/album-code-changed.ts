import { ErrorCode } from '@momentos/contract';
import { AppError } from '../../platform/http/app-error.js';

/**
 * A code its album's host has replaced (albums module, access-code.service.ts): it opens nothing
 * and says so, without naming the album. Its own file, so the code gate's change stays one line.
 */
export const albumCodeChanged = () =>
  new AppError(
    ErrorCode.ALBUM_CODE_CHANGED,
    410,
    "This album's code has changed: ask the hosts for the new code or scan the new QR code",
  );
