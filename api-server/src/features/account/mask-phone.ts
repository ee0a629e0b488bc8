/** 13800000001 → 138****0001: enough for the owner to recognise, not enough to call. */
export function maskPhone(phone: string): string {
  if (phone.length < 7) return phone.replace(/.(?=.{2})/g, '*');
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
}
