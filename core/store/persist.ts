/** Non-token state persisted in localStorage under one versioned key (DESIGN §6). */
export const STORAGE_KEY = 'loopyard:v1';

export function loadPersisted<T>(): Partial<T> | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Partial<T>) : undefined;
  } catch {
    return undefined;
  }
}

export function savePersisted(value: unknown): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // quota or private mode: persistence is best effort
  }
}

export function clearPersisted(): void {
  try {
    globalThis.localStorage?.removeItem(STORAGE_KEY);
  } catch {
    // ignore
  }
}
