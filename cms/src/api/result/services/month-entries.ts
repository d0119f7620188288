// The entries of one competition's month contest with their poets' names (thousands of rows at publication).
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { contestRepository } from '../../contest/repository';
import { entryRepository } from '../../entry/repository';
import { userRepository } from '../../user/repository';
import { poetNameOf } from '../../../lib/poet-name';

export interface MonthEntry {
  id: number;
  code: string;
  title: string;
  language: string;
  status: string;
  poetId: number | null;
  poetName: string;
}

/** Poets' names are read this many ids at a time (well under every database's limit of bound values). */
const NAMES_AT_ONCE = 500;

export async function monthEntries(strapi: Core.Strapi, db: Knex | Knex.Transaction, competition: string, month: string): Promise<MonthEntry[]> {
  const contest = await contestRepository(strapi).ofMonth(month, competition);
  if (!contest) return [];
  const entries = await entryRepository(strapi).forPublication(contest.id, db);
  const poetIds = [...new Set(entries.map((entry) => entry.poetId).filter((id): id is number => id !== null))];
  const users = userRepository(strapi);
  const poets = new Map<number, { name: string | null; email: string | null }>();
  for (let at = 0; at < poetIds.length; at += NAMES_AT_ONCE)
    for (const user of await users.byIds(poetIds.slice(at, at + NAMES_AT_ONCE), ['name', 'email'])) poets.set(user.id, user);
  return entries.map((entry) => {
    const poet = entry.poetId === null ? undefined : poets.get(entry.poetId);
    return { ...entry, poetId: poet ? entry.poetId : null, poetName: poetNameOf(poet?.name, poet?.email) };
  });
}
