import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

function open(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof open>;

/**
 * One drizzle instance per D1 binding object: making one works through the whole schema's relations
 * (`extractTablesRelationalConfig`), which every call's 5-second sync alarm paid again.
 */
const instances = new WeakMap<D1Database, Db>();

export function db(d1: D1Database): Db {
  let instance = instances.get(d1);
  if (!instance) {
    instance = open(d1);
    instances.set(d1, instance);
  }
  return instance;
}
