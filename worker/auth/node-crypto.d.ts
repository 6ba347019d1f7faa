// The slice of node:crypto (nodejs_compat) the Worker uses; the worker tsconfig doesn't load @types/node.
declare module "node:crypto" {
  export interface ScryptOptions {
    N?: number;
    r?: number;
    p?: number;
    maxmem?: number;
  }
  export function scrypt(
    password: string | Uint8Array,
    salt: string | Uint8Array,
    keylen: number,
    options: ScryptOptions,
    callback: (err: Error | null, derivedKey: Uint8Array) => void,
  ): void;
  export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean;
}
