/**
 * The operators' second factor: TOTP (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps, what every
 * authenticator app shows) through the `otpauth` library. A code is accepted within one step either
 * side of the server's clock, and only once: the step it belongs to must be later than the last
 * step accepted for that operator (stored with the account), so a code seen over a shoulder or in a
 * log cannot be replayed within its window.
 */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TOTP as TOTP_RULES } from 'shared-sdk/contract/operator-roles';

export const TOTP_ISSUER = '创作者平台运营后台';
/** Steps accepted either side of the server's clock (clock drift of the phone). */
const WINDOW = 1;

const totpFor = (secret: string, name = ''): TOTP =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label: name,
    algorithm: 'SHA1',
    digits: TOTP_RULES.DIGITS,
    period: TOTP_RULES.PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL authenticator apps read, and the same as a QR code (PNG data URL). */
export async function totpEnrolment(secret: string, name: string): Promise<{ otpauth_url: string; qr_data_url: string; secret: string }> {
  const url = totpFor(secret, name).toString();
  return { otpauth_url: url, qr_data_url: await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 }), secret };
}

/** The time step of a moment. */
export const totpStep = (at: number): number => Math.floor(at / 1000 / TOTP_RULES.PERIOD_SECONDS);

/**
 * The step the code belongs to, if it is right within the window and later than `lastStep`
 * (null: wrong, or already used).
 */
export function acceptTotp(secret: string, code: string, lastStep: number, now = Date.now()): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  const step = totpStep(now) + delta;
  return step > lastStep ? step : null;
}

/** The code of a moment (tests, and the command line's bootstrap check). */
export function totpCode(secret: string, at = Date.now()): string {
  return totpFor(secret).generate({ timestamp: at });
}
