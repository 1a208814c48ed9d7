/**
 * The QR code of a text as an SVG data URL, which an <img> shows under a CSP that allows `data:` images.
 * Error correction M and a 4-module quiet zone read reliably from a screen with a phone camera.
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  // qrcode is loaded when the first code is made, not at every start (decision 161).
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
