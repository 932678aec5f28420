// Constant-time comparison for secrets a caller presents (OAuth state, webhook signatures): every
// byte is looked at whatever the first difference, so the time taken says nothing about how much of
// a guess was right. Plain JavaScript so it runs the same in the Worker and in unit tests (workerd's
// crypto.subtle.timingSafeEqual is not in Node's WebCrypto).

/** Whether `a` and `b` are the same text, in time that depends only on their lengths. */
export function sameToken(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}
