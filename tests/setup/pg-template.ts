/** The seeded PostgreSQL template database that every api-pg test database is cloned from. */
export const PG_TEMPLATE_DB = 'porchlight_template';
