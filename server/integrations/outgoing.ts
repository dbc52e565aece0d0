/**
 * The one way provider calls leave the server (SPEC §7 Webhook and integrations: outgoing requests
 * are safe): server/webhooks/safe-http.ts's `safeRequest`, so a provider host (or a Salesforce
 * instance URL from a token answer) that resolves to a private, loopback or metadata address is
 * refused, redirects are never followed, and one time-out covers the whole call. The hosts in
 * WEBHOOK_ALLOWED_HOSTS (`webhookAllowedHosts`) are let through (tests: their local provider).
 */
import type { AppConfig } from '../config';
import { safeRequest } from '../webhooks/safe-http';
import type { Requester } from './adapter';

/** Largest provider answer read (token and contact answers are a few kilobytes). */
const MAX_ANSWER_BYTES = 1024 * 1024;

export const createOutgoingRequester =
  (config: Pick<AppConfig, 'webhookAllowedHosts'>): Requester =>
  async (req) => {
    const answer = await safeRequest({
      url: req.url,
      method: req.method,
      headers: req.headers,
      body: req.body,
      timeoutMs: req.timeoutMs,
      maxResponseBytes: MAX_ANSWER_BYTES,
      allowedHosts: config.webhookAllowedHosts,
    });
    return { status: answer.status, text: answer.body };
  };
