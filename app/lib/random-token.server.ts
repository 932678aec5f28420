// Unguessable tokens (OAuth state and PKCE verifiers, connect state, webhook URLs and secrets):
// random bytes from the platform's CSPRNG, base64url without padding.

export const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

export const randomToken = (bytes = 32) => base64url(crypto.getRandomValues(new Uint8Array(bytes)));
