/**
 * Security headers on every answer, API, files, pages and errors alike. A page that carries inline
 * scripts sets its own CSP (with their hashes) before this hook runs; everything else gets the default.
 */
import type { FastifyInstance } from "fastify";
import { DEFAULT_CSP } from "./csp";

export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
};

export const HSTS = "max-age=31536000; includeSubDomains";

export function registerSecurityHeaders(app: FastifyInstance, options: { trustProxy: boolean }): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", DEFAULT_CSP);
    reply.headers(STATIC_SECURITY_HEADERS);
    // Only a trusted proxy can tell that the visitor's connection was HTTPS (TLS ends at the proxy).
    if (options.trustProxy && request.protocol === "https") reply.header("strict-transport-security", HSTS);
    return payload;
  });
}
