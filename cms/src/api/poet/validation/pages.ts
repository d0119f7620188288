// The boundary of /api/poets*: the shared request schemas (packages/shared/src/schemas/poets.ts).
import type { z } from 'zod';
import type { myPoetPageBody } from '@writory/shared';

export { myPoetPageBody, poetHandleParams } from '@writory/shared';
export type MyPoetPageBody = z.output<typeof myPoetPageBody>;
