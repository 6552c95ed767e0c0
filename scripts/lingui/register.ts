/**
 * `tsx --import ./scripts/lingui/register.ts <script>`: lets a script import the server's sources,
 * whose translated texts use Lingui macros and `.po` catalogs (see `hooks.ts`).
 */
import { register } from 'node:module';

register('./hooks.ts', import.meta.url);
