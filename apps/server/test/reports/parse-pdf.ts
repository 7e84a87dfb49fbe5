import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export interface ParsedPdf {
  pages: string[];
  title: string | undefined;
}

/** A PDF parsed back with pdf.js (Mozilla's parser): each page's text and the title. */
export async function parsePdf(pdf: Buffer | Uint8Array): Promise<ParsedPdf> {
  const task = getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    verbosity: 0,
  });
  const loaded = await task.promise;
  const pages: string[] = [];
  for (let n = 1; n <= loaded.numPages; n++) {
    const content = await (await loaded.getPage(n)).getTextContent();
    // Lines as pdf.js reports them: items joined, a line break where it ends one.
    pages.push(
      content.items
        .map((item) => ("str" in item ? `${item.str}${item.hasEOL ? "\n" : ""}` : ""))
        .join(""),
    );
  }
  const meta = await loaded.getMetadata();
  await task.destroy();
  return { pages, title: (meta.info as { Title?: string }).Title };
}
