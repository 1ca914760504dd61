// Prints the sql.js store's new-database image (every migration applied to nothing) as JSON: the migrations it
// records and the image deflated and base64, for scripts/build.mjs to embed (server/core/store/sqljs/new-image.ts).
// Run with `node --import tsx`.
import { deflateRawSync } from 'node:zlib';
import { migrations } from '../server/core/store/sqljs/migrations/index.ts';
import { migratedImage } from '../server/lib/durable/durable-new-image.ts';
import { loadSqlJs } from '../server/lib/durable/sql-js.ts';

const made = migratedImage(await loadSqlJs(), migrations);
const image = deflateRawSync(made.image, { level: 9 }).toString('base64');
process.stdout.write(JSON.stringify({ migrations: made.migrations, image }));
