import type { Context } from 'koa';
import { describe, expect, it, vi } from 'vitest';
import { keepRawBodyOnListedPaths } from './raw-body';

describe('keepRawBodyOnListedPaths', () => {
  const configs: Record<string, unknown>[] = [];
  const factory = vi.fn((config: Record<string, unknown>) => {
    configs.push(config);
    return (ctx: Context, next: () => Promise<void>) => {
      (ctx as Context & { parsedWith?: unknown }).parsedWith = config;
      return next();
    };
  });

  it('parses listed paths with includeUnparsed and every other path exactly as configured', async () => {
    const handler = keepRawBodyOnListedPaths(factory)({ jsonLimit: '256kb', rawBodyPaths: ['/api/payments/webhook'] }, { strapi: {} as never });
    const webhook = { path: '/api/payments/webhook' } as { path: string; parsedWith?: unknown };
    const other = { path: '/api/users' } as { path: string; parsedWith?: unknown };
    await handler(webhook as unknown as Context, async () => undefined);
    await handler(other as unknown as Context, async () => undefined);
    expect(webhook.parsedWith).toEqual({ jsonLimit: '256kb', includeUnparsed: true });
    expect(other.parsedWith).toEqual({ jsonLimit: '256kb' });
  });

  it('is strapi::body itself when no path is listed', () => {
    factory.mockClear();
    keepRawBodyOnListedPaths(factory)({ jsonLimit: '1kb' }, { strapi: {} as never });
    expect(factory).toHaveBeenCalledTimes(1);
  });
});
