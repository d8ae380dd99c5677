/** `npm run bundle-schema`: renders the bundle's TypeBox schema as the committed bundle.schema.json. */
import { writeFileSync } from 'node:fs'
import { bundleJsonSchema } from './json-schema.ts'

writeFileSync(new URL('./bundle.schema.json', import.meta.url), bundleJsonSchema())
console.log('wrote src/db/bundle/bundle.schema.json')
