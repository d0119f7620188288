// The entries of one competition's month contest, read in one statement (thousands of rows at publication).
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { linkOf, tableOf } from '../../../lib/bulk';

export interface MonthEntry {
  id: number;
  code: string;
  title: string;
  language: string;
  status: string;
  poetId: number | null;
  poetName: string;
}

import { poetNameOf } from '../../../lib/poet-name';

export async function monthEntries(strapi: Core.Strapi, db: Knex | Knex.Transaction, competition: string, month: string): Promise<MonthEntry[]> {
  const entries = tableOf(strapi, 'api::entry.entry');
  const contest = linkOf(strapi, 'api::entry.entry', 'contest');
  const poet = linkOf(strapi, 'api::entry.entry', 'poet');
  const rows = await db(`${entries} as e`)
    .join(`${contest.table} as cl`, `cl.${contest.own}`, 'e.id')
    .join(`${tableOf(strapi, 'api::contest.contest')} as c`, 'c.id', `cl.${contest.target}`)
    .leftJoin(`${poet.table} as pl`, `pl.${poet.own}`, 'e.id')
    .leftJoin(`${tableOf(strapi, 'plugin::users-permissions.user')} as u`, 'u.id', `pl.${poet.target}`)
    .where('c.month', month)
    .where('c.competition_slug', competition)
    .orderBy('e.id')
    .select('e.id', 'e.code', 'e.title', 'e.language', 'e.status', 'u.id as poetId', 'u.name as poetName', 'u.email as poetEmail');
  return rows.map((row) => ({
    id: Number(row.id),
    code: String(row.code),
    title: row.title,
    language: row.language,
    status: row.status,
    poetId: row.poetId === null ? null : Number(row.poetId),
    poetName: poetNameOf(row.poetName, row.poetEmail),
  }));
}
