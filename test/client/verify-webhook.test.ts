// verifyWebhook on bodies signed here the way the service signs them (README "Receiving": HMAC-SHA256 hex
// of "<t>.<raw body>" keyed with the whole whsec_ secret); client.test.ts checks real deliveries.
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import {
  parseSignatureHeader,
  verifyWebhook,
  WebhookVerificationError,
  type WebhookVerificationFailure,
} from '@chatbot-ops/client';
import Stripe from 'stripe';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const nowSeconds = Math.floor(NOW / 1000);
const body = JSON.stringify({
  id: 'evt_3f9c0d7e5b2a41c8a6e1d2c3b4a59687',
  type: 'lead.captured',
  createdAt: '2026-11-22T10:00:00.000Z',
  data: { lead: { id: '0190a5c4-5a2b-7cc1-9c3e-3c1d2e4f5a6b', email: 'zoë@example.com', name: 'Zoë' } },
});

const sign = (raw: string, t: number, key = secret) =>
  `t=${t},v1=${createHmac('sha256', key).update(`${t}.${raw}`).digest('hex')}`;

function fails(reason: WebhookVerificationFailure, run: () => unknown): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof WebhookVerificationError, String(error));
    assert.equal(error.reason, reason, error.message);
    return true;
  });
}

describe('verifyWebhook', () => {
  it('returns the typed event for a good signature, from a string or the raw bytes, with any header shape', () => {
    const header = sign(body, nowSeconds);
    const event = verifyWebhook(body, { 'service-signature': header }, secret, { now: NOW });
    assert.equal(event.type, 'lead.captured');
    if (event.type === 'lead.captured') assert.equal(event.data.lead.name, 'Zoë');
    const bytes = Buffer.from(body, 'utf8');
    // A Uint8Array that is a view into a larger buffer: only its own bytes count.
    const padded = new Uint8Array(bytes.length + 8);
    padded.set(bytes, 4);
    for (const raw of [bytes, new Uint8Array(bytes), padded.subarray(4, 4 + bytes.length)]) {
      assert.equal(verifyWebhook(raw, { 'Service-Signature': header }, secret, { now: NOW }).id, event.id);
    }
    assert.equal(
      verifyWebhook(body, new Headers({ 'Service-Signature': header }), secret, { now: NOW }).id,
      event.id,
    );
    assert.equal(verifyWebhook(body, { 'service-signature': [header] }, secret, { now: NOW }).id, event.id);
  });

  it('accepts what Stripe signs with the same secret, and what it accepts Stripe does too', () => {
    const stripe = new Stripe('sk_test_unused');
    const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: nowSeconds });
    assert.equal(
      verifyWebhook(body, { 'service-signature': header }, secret, { now: NOW }).type,
      'lead.captured',
    );
    const ours = sign(body, nowSeconds);
    assert.equal(
      (stripe.webhooks.constructEvent(body, ours, secret, 300, undefined, nowSeconds) as { type: string })
        .type,
      'lead.captured',
    );
  });

  it('refuses a timestamp more than 300 seconds away, or outside the tolerance given', () => {
    const header = (age: number) => ({ 'service-signature': sign(body, nowSeconds - age) });
    assert.equal(verifyWebhook(body, header(300), secret, { now: NOW }).type, 'lead.captured');
    fails('timestamp_outside_tolerance', () => verifyWebhook(body, header(301), secret, { now: NOW }));
    fails('timestamp_outside_tolerance', () => verifyWebhook(body, header(-301), secret, { now: NOW }));
    assert.equal(verifyWebhook(body, header(-300), secret, { now: NOW }).type, 'lead.captured');
    fails('timestamp_outside_tolerance', () =>
      verifyWebhook(body, header(61), secret, { now: NOW, toleranceSeconds: 60 }),
    );
    // Without `now`: the current time.
    assert.equal(
      verifyWebhook(body, { 'service-signature': sign(body, Math.floor(Date.now() / 1000)) }, secret).type,
      'lead.captured',
    );
    fails('timestamp_outside_tolerance', () => verifyWebhook(body, header(0), secret));
  });

  it('refuses a tampered body, another secret, the secret without its prefix, or a re-signed timestamp', () => {
    const header = { 'service-signature': sign(body, nowSeconds) };
    fails('signature_mismatch', () =>
      verifyWebhook(body.replace('Zoë', 'Zoe'), header, secret, { now: NOW }),
    );
    fails('signature_mismatch', () => verifyWebhook(`${body} `, header, secret, { now: NOW }));
    fails('signature_mismatch', () => verifyWebhook(body, header, `${secret}x`, { now: NOW }));
    fails('signature_mismatch', () =>
      verifyWebhook(body, header, secret.slice('whsec_'.length), { now: NOW }),
    );
    // The timestamp is signed: moving it to now does not refresh an old signature.
    const old = sign(body, nowSeconds - 1000);
    const moved = old.replace(/^t=\d+/, `t=${nowSeconds}`);
    fails('signature_mismatch', () =>
      verifyWebhook(body, { 'service-signature': moved }, secret, { now: NOW }),
    );
    // One good v1 among others is enough (as during a secret rotation).
    const rotated = `${sign(body, nowSeconds, 'whsec_old')},v1=${sign(body, nowSeconds).split('v1=')[1]}`;
    assert.equal(
      verifyWebhook(body, { 'service-signature': rotated }, secret, { now: NOW }).type,
      'lead.captured',
    );
  });

  it('refuses a missing or malformed header and a signed body that is not an event', () => {
    fails('missing_signature', () => verifyWebhook(body, {}, secret, { now: NOW }));
    fails('missing_signature', () => verifyWebhook(body, { 'service-signature': '' }, secret, { now: NOW }));
    for (const header of [
      'v1=abc',
      `t=${nowSeconds}`,
      `t=soon,v1=${'a'.repeat(64)}`,
      `t=${nowSeconds},v1=XYZ`,
      'garbage',
    ]) {
      fails('malformed_signature', () =>
        verifyWebhook(body, { 'service-signature': header }, secret, { now: NOW }),
      );
    }
    fails('invalid_body', () =>
      verifyWebhook('not json', { 'service-signature': sign('not json', nowSeconds) }, secret, { now: NOW }),
    );
    fails('invalid_body', () =>
      verifyWebhook('[1]', { 'service-signature': sign('[1]', nowSeconds) }, secret, { now: NOW }),
    );
    assert.deepEqual(parseSignatureHeader(`t=${nowSeconds}, v1=${'0'.repeat(64)}`), {
      timestamp: nowSeconds,
      signatures: ['0'.repeat(64)],
    });
  });
});
