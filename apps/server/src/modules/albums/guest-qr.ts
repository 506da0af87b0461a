import QRCode from 'qrcode';

/** The address a guest opens to join an album; the QR codes encode it. */
export const guestLinkOf = (publicUrl: string, accessCode: string) => `${publicUrl}/guest/${accessCode}`;

/** The QR code of a guest link, as SVG text or a 768 px PNG. */
export async function renderGuestQr(guestLink: string, format: 'png' | 'svg') {
  if (format === 'svg')
    return {
      type: 'image/svg+xml',
      body: await QRCode.toString(guestLink, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
    };
  return {
    type: 'image/png',
    body: await QRCode.toBuffer(guestLink, { type: 'png', width: 768, margin: 2, errorCorrectionLevel: 'M' }),
  };
}
