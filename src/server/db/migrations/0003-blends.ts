import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * Blend projects and their versions (docs/product.md "One coherent blend model": a blend is a project). Lists of oils are JSON
 * text; `oil_names` holds the version's oil names, lower-cased, for the journal's ingredient search.
 * Times are ISO-8601 text and flags 0/1 on both engines, so rows map the same way everywhere.
 */
export function blends({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      // Per-user counters, advanced atomically with an upsert: project numbers, test entry numbers.
      await db.schema
        .createTable('user_sequences')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
        .addColumn('last_project_number', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_entry_number', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()

      await db.schema
        .createTable('blend_projects')
        .addColumn('id', id.type, id.build)
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('version_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('blend_projects_user_number_uq', ['user_id', 'number'])
        .execute()
      await db.schema.createIndex('blend_projects_user_name_idx').on('blend_projects').columns(['user_id', 'name_key']).execute()

      await db.schema
        .createTable('blend_versions')
        .addColumn('id', id.type, id.build)
        .addColumn('project_id', 'integer', (c) => c.notNull().references('blend_projects.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('version_letter', 'text', (c) => c.notNull())
        .addColumn('reference_number', 'text', (c) => c.notNull())
        .addColumn('top_oils', 'text', (c) => c.notNull())
        .addColumn('middle_oils', 'text', (c) => c.notNull())
        .addColumn('base_oils', 'text', (c) => c.notNull())
        .addColumn('oil_names', 'text', (c) => c.notNull())
        .addColumn('effects', 'text', (c) => c.notNull())
        .addColumn('formulation_notes', 'text')
        .addColumn('testing_notes', 'text')
        .addColumn('rating', 'integer')
        .addColumn('tested', 'integer', (c) => c.notNull())
        .addColumn('date_made', 'text', (c) => c.notNull())
        .addColumn('date_tested', 'text')
        .addColumn('maturation_period', 'integer', (c) => c.notNull())
        .addColumn('maturation_complete', 'integer', (c) => c.notNull())
        .addColumn('cross_contamination_prevented', 'integer', (c) => c.notNull())
        .addColumn('weighed_in_grams', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('blend_versions_project_letter_uq', ['project_id', 'version_letter'])
        .execute()
      await db.schema.createIndex('blend_versions_user_project_idx').on('blend_versions').columns(['user_id', 'project_id']).execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('blend_versions').execute()
      await db.schema.dropTable('blend_projects').execute()
      await db.schema.dropTable('user_sequences').execute()
    },
  }
}
