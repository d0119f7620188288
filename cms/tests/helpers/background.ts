// The cms's background work (src/lib/background.ts), as the running cms sees it: loaded from dist, the copy
// Strapi runs, not a second one compiled from src by Vitest.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Core } from '@strapi/strapi';

const background = createRequire(import.meta.url)(path.resolve(__dirname, '..', '..', 'dist', 'src', 'lib', 'background.js')) as {
  runInBackground(strapi: Core.Strapi, label: string, task: () => Promise<unknown>): Promise<void>;
  backgroundCount(strapi: Core.Strapi): number;
  backgroundIdle(strapi: Core.Strapi): Promise<void>;
};

export const { runInBackground, backgroundCount, backgroundIdle } = background;
