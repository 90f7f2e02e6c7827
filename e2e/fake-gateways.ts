import { startFakeGateways } from '../apps/server/test/payment-fakes';

/**
 * The fake payment gateways the end-to-end run's server talks to (Razorpay's API and its browser
 * checkout script), on FAKE_GATEWAYS_PORT; started by Playwright before the app (playwright.config.ts).
 * It accepts the credentials of the demo community's sample Razorpay gateway (its resource's
 * examples), so the demo shop pays through it as it would through Razorpay's test mode.
 */
const fake = await startFakeGateways({ port: Number(process.env.FAKE_GATEWAYS_PORT) });
Object.assign(fake.razorpayAuth, { keyId: 'rzp_test_1DP5mmOlF5G5ag', keySecret: 'thisIsATestKeySecret0042' });
console.log(`fake gateways on ${fake.url}`);
