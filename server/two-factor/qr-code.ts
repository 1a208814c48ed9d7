/**
 * The otpauth URL as an SVG data URL, made as server/qr makes the sign-in code (features share no files):
 * error correction M and a 4-module quiet zone read reliably from a screen with a phone camera.
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  // qrcode is loaded when the first code is made, not at every start (decision 161).
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
