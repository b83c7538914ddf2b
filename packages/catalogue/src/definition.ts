/**
 * The shape of one citizen service, as data: the schemas and types (`definition-schema.ts`,
 * zod) and the zod-free helpers (`define-service.ts`). Import from here; a module that must not
 * load zod (a service file, a page of the web app's first load) imports `define-service.ts`.
 */
export * from './define-service';
export * from './definition-schema';
