// A read whose SQL is the same for every call, only its values differ, built and compiled by
// Kysely once per database instead of on every call. Building and compiling a small query cost
// more CPU than SQLite spent running it (init/start's profile, decision 0011): worth it for the
// reads every request makes (the session's user, the user's workspaces).
import { type Compilable, type CompiledQuery, createQueryId, type Kysely } from 'kysely';
import type { DB } from './schema.js';

interface Template {
  compiled: CompiledQuery;
  /** For each parameter of the SQL: which argument fills it, or -1 for a value of the query. */
  slots: number[];
}

/**
 * `build` is called once with a stand-in for each argument; each stand-in must become one or
 * more parameters of the SQL. If one does not (it shaped the SQL text instead, as an IN list or a
 * literal would), the query is simply built afresh on every call, as without this. Arguments are
 * values (numbers, strings), never arrays.
 */
export function compiledOnce<A extends unknown[], R>(
  db: Kysely<DB>,
  build: (...args: A) => Compilable<R>,
): (...args: A) => Promise<R[]> {
  let template: Template | null | undefined;
  return async (...args: A) => {
    if (template === undefined) template = compileTemplate(build, args.length);
    if (template === null) return (await db.executeQuery(build(...args))).rows;
    const { compiled, slots } = template;
    const parameters = slots.map((slot, i) => (slot < 0 ? compiled.parameters[i] : args[slot]));
    // A fresh query id, as Kysely gives every execution (plugins key their state on it).
    const query: CompiledQuery<R> = { ...compiled, queryId: createQueryId(), parameters };
    return (await db.executeQuery(query)).rows;
  };
}

function compileTemplate<A extends unknown[], R>(
  build: (...args: A) => Compilable<R>,
  arity: number,
): Template | null {
  const standIns = Array.from({ length: arity }, () => Object.freeze({}));
  let compiled: CompiledQuery;
  try {
    compiled = build(...(standIns as A)).compile();
  } catch {
    return null; // a value Kysely checks as it builds (a literal): it shapes the SQL text
  }
  const slots = compiled.parameters.map((parameter) => standIns.indexOf(parameter as object));
  const everyOneUsed = standIns.every((_, index) => slots.includes(index));
  return everyOneUsed ? { compiled, slots } : null;
}
