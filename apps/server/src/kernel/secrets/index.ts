/**
 * Secrets surface: credentials encrypted at rest (AES-256-GCM, key from SECRETS_KEY, `app.secrets`)
 * and masks for showing them (`rzp_live_••••1234`). Payment gateways use it; channel settings will.
 */
export { bindSecretBox, secretBoxFor } from './bound';
export { maskAll, maskSecret } from './mask';
export { createSecretBox, generateSecretsKey, keyIdOf, parseSecretsKey, type SecretBox, SecretBoxError } from './secret-box';
