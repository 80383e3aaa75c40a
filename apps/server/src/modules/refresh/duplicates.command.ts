// npm run kete -- duplicates: how well products from different chains meet as one. Prints how many
// products are priced at more than one chain, and how many look like the same pack held twice
// (same brand, name words and size under two product ids): the duplicate rate to drive down.
import type { CliCommand } from '../../cli/command.js';
import { duplicateReport } from './duplicate-rate.js';

export const duplicatesCommand: CliCommand = {
  name: 'duplicates',
  usage: 'duplicates',
  summary: 'Print the catalogue duplicate rate (the same product held under two ids)',
  async run(_args, ctx, io) {
    const products = await ctx.db
      .selectFrom('products as p')
      .select(['p.id', 'p.name', 'p.brand', 'p.display_units'])
      .execute();
    const sources = await ctx.db.selectFrom('product_sources').select(['product_id', 'chain']).execute();
    const r = duplicateReport(
      products.map((p) => ({ id: p.id, name: p.name, brand: p.brand, size: p.display_units })),
      sources.map((s) => ({ productId: s.product_id, chain: s.chain })),
    );
    io.out(
      `${r.products} products; ${r.multiChain} (${(r.multiChainRate * 100).toFixed(1)}%) priced at 2+ chains.`,
    );
    io.out(
      `${r.duplicates} products (${(r.duplicateRate * 100).toFixed(2)}%) look like another product held under a second id (same brand, name words and size).`,
    );
    for (const example of r.examples) io.out(`  e.g. ${example}`);
    return 0;
  },
};
