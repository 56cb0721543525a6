// Features stand alone: the lint configuration forbids a feature to import another feature or
// the app (pages and routes compose features, never the reverse), and keeps zod out of the route
// files, which load with every page. Linted as the files would be, from the repository's own
// configuration.
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../..') });

async function errorsOf(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('feature walls', () => {
  it('a feature may not import another feature, the app or a route', async () => {
    for (const source of [
      '@/features/orgs/api/orgs',
      '@/features/favorites/components/heart.module.css',
      '@/app/pages/dog-page',
      '@/app/routes/perros.index',
    ]) {
      const errors = await errorsOf(
        `import '${source}';\n`,
        'src/features/dogs/components/some-part.tsx',
      );
      expect(errors, source).toHaveLength(1);
    }
    // Nor climb out of its folder with a relative path.
    expect(
      await errorsOf("import '../../orgs/api/orgs';\n", 'src/features/dogs/components/x.tsx'),
    ).toHaveLength(1);
  });

  it('a feature imports itself, the shared code and the libraries freely', async () => {
    const code = [
      "import './catalog-card.module.css';",
      "import '@/features/dogs/api/get-dog';",
      "import '@/lib/auth/get-me';",
      "import '@/components/photo-picture';",
      "import '@/shared/dog';",
      '',
    ].join('\n');
    expect(await errorsOf(code, 'src/features/dogs/components/some-part.tsx')).toEqual([]);
  });

  it('the app composes features', async () => {
    const code = "import '@/features/dogs/api/get-dog';\nimport '@/features/orgs/api/orgs';\n";
    expect(await errorsOf(code, 'src/app/pages/some-page.tsx')).toEqual([]);
  });

  it('route files keep zod out of the first chunk', async () => {
    expect(await errorsOf("import { z } from 'zod';\n", 'src/app/routes/x.tsx')).toHaveLength(1);
  });
});
