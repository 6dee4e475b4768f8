import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { endpointHolds, openMigratables, type MigrationEndpoint, type OpenMigratables, type ServiceMigration } from '@story/service-kit';
import { AUTH_MIGRATION } from '../../../services/auth/src/storage/auth-migration.ts';
import { CONVERSATIONS_MIGRATION } from '../../../services/conversations/src/storage/conversations-migration.ts';
import { FEEDBACK_MIGRATION } from '../../../services/feedback/src/storage/feedback-migration.ts';
import { JOBS_MIGRATION } from '../../../services/jobs/src/storage/jobs-migration.ts';
import { PROFILE_MIGRATION } from '../../../services/profile/src/storage/profile-migration.ts';
import { SEARCH_MIGRATION } from '../../../services/search/src/storage/search-migration.ts';
import { SPEECH_MIGRATION } from '../../../services/speech/src/storage/speech-migration.ts';
import { EMBEDDING_DIMENSIONS } from '../../../services/search/src/embedding/embedder.ts';
import { EmbeddedVectorStore } from '../../../services/search/src/vectors/embedded-vector.store.ts';
import { QdrantVectorStore } from '../../../services/search/src/vectors/qdrant-vector.store.ts';
import { VectorMigratable } from '../../../services/search/src/vectors/vector-migration.ts';

/** Where story vectors live: the embedded store's file under a data folder, or a Qdrant collection. */
export type VectorEndpoint = { kind: 'embedded'; dataDir: string } | { kind: 'qdrant'; url: string; apiKey?: string | undefined; collection: string };

/** One side of a migration: where the documents and where the vectors are. */
export interface MigrationSide {
  documents: MigrationEndpoint;
  vectors: VectorEndpoint;
}

/** Something that moves as a whole: a service's documents, or the story vectors. */
export interface MigrationUnit {
  service: string;
  /** Whether the source has it at all (a service never started has no SQLite file). */
  holds(side: MigrationSide): boolean;
  open(side: MigrationSide): Promise<OpenMigratables>;
}

/** Every service's store, in an order where a row's parent is copied before it. */
export const SERVICE_MIGRATIONS: readonly ServiceMigration[] = [
  AUTH_MIGRATION,
  CONVERSATIONS_MIGRATION,
  FEEDBACK_MIGRATION,
  JOBS_MIGRATION,
  PROFILE_MIGRATION,
  SEARCH_MIGRATION,
  SPEECH_MIGRATION,
];

/** The embedded vector store's file, as the search service names it (`<service>-vectors.sqlite`). */
const vectorFile = (dataDir: string) => join(dataDir, 'search-vectors.sqlite');

/** The embedded store's cache is not used by a copy: the smallest budget. */
const COPY_CACHE_MB = 1;

const vectorUnit: MigrationUnit = {
  service: 'search',
  holds: (side) => side.vectors.kind === 'qdrant' || existsSync(vectorFile(side.vectors.dataDir)),
  open: async (side) => {
    const endpoint = side.vectors;
    const store =
      endpoint.kind === 'embedded'
        ? EmbeddedVectorStore.open(vectorFile(endpoint.dataDir), EMBEDDING_DIMENSIONS, COPY_CACHE_MB)
        : new QdrantVectorStore({ url: endpoint.url, apiKey: endpoint.apiKey, collection: endpoint.collection, dimensions: EMBEDDING_DIMENSIONS });
    await store.init();
    return { migratables: [new VectorMigratable(store)], close: () => store.close() };
  },
};

/** What `make migrate-to-mongo` moves: each service's documents, then the vectors. */
export const MIGRATION_UNITS: readonly MigrationUnit[] = [
  ...SERVICE_MIGRATIONS.map((migration): MigrationUnit => ({
    service: migration.service,
    holds: (side) => endpointHolds(side.documents, migration.service),
    open: (side) => openMigratables(migration, side.documents),
  })),
  vectorUnit,
];
