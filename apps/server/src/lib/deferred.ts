// A promise settled from outside: a commit that many callers wait for, a flush that covers them.

export interface Deferred {
  promise: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

/** Never an unhandled rejection: one nobody awaits (a group whose members all rolled back) fails quietly. */
export function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  promise.catch(() => {});
  return { promise, resolve, reject };
}
