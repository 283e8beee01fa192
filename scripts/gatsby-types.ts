/**
 * `npm run types` (the first part of `npm run typecheck`): src/gatsby-types.d.ts, the TypeScript types of the
 * GraphQL queries, which is not in git. Gatsby writes it in `gatsby build` (graphqlTypegen) at the end; here it
 * comes from Gatsby's bootstrap alone – config, content, schema, pages and the queries of src/ – without
 * running the queries, encoding pictures or bundling: about 8 s instead of a build's minute, in a fresh
 * clone as well.
 */
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

async function writeGatsbyTypes(): Promise<void> {
  // As `gatsby build` sets them: the same config and the same cache as a build.
  process.env.NODE_ENV ??= "production";
  process.env.gatsby_executing_command = "build";
  process.chdir(ROOT);
  const { initialize, customizeSchema, sourceNodes, buildSchema, createPages, extractQueries } = require("gatsby/dist/services");
  const { createGraphQLRunner } = require("gatsby/dist/bootstrap/create-graphql-runner");
  const { writeTypeScriptTypes } = require("gatsby/dist/utils/graphql-typegen/ts-codegen");
  const reporter = require("gatsby/reporter");
  const program = {
    directory: ROOT,
    sitePackageJson: require(path.join(ROOT, "package.json")),
    browserslist: [">0.25%", "not dead"],
    _: ["build"],
    prefixPaths: false,
  };
  // The steps of Gatsby's bootstrap (gatsby/dist/bootstrap) up to the extracted queries.
  const context: Record<string, any> = { program, shouldRunCreatePagesStatefully: true };
  Object.assign(context, await initialize(context));
  await customizeSchema(context);
  await sourceNodes(context);
  await buildSchema(context);
  context.gatsbyNodeGraphQLFunction = createGraphQLRunner(context.store, reporter);
  await createPages(context);
  await extractQueries(context);
  const { schema, definitions, config } = context.store.getState();
  await writeTypeScriptTypes(ROOT, schema, definitions, config.graphqlTypegen);
  await Promise.all(context.workerPool.end());
}

writeGatsbyTypes().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
