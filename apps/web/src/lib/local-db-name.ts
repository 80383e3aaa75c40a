// The local database's name, apart from its Dexie code (local-db.ts), so the first load can name
// it (sign-out deletes it: features/offline/device-wipe.ts) without loading Dexie.
export const DATABASE_NAME = 'KeteDatabase';
