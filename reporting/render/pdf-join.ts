// The join of a PDF printed in parts (docs/decisions/070-long-pdfs-in-parts.md): Chromium prints a long report one
// part at a time (each part its own document and its own page.pdf, so its memory stays that of one part); pdf-lib
// copies the parts' pages, in order, into one document and, when asked, writes 'Página X de Y' at the foot of every
// page — numbered after the join, so the numbers run across the parts as if Chromium had printed one document.
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";

/** Points per millimetre. */
const MM = 72 / 25.4;
/** Where and how Chromium prints its footer (./pdf.ts PAGE_NUMBERS_FOOTER: 8 px, #555, 10 mm from the right). */
const FOOTER = { size: 6.4, right: 10 * MM, bottom: 5.6 * MM, color: rgb(0x55 / 255, 0x55 / 255, 0x55 / 255) };

/** The text of the foot of page `n` of `total`, as Chromium's footer prints it. */
const pageNumberText = (n: number, total: number) => `Página ${n} de ${total}`;

/**
 * One PDF of `parts` (PDFs, in order): every page of each, with `pageNumbers` 'Página X de Y' at the foot of each
 * page. The document's title is the first part's.
 */
export async function joinPdfs(parts: readonly Uint8Array[], opts: { pageNumbers: boolean }): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  for (const [i, bytes] of parts.entries()) {
    const part = await PDFDocument.load(bytes, { updateMetadata: false });
    if (i === 0) {
      const title = part.getTitle();
      if (title) out.setTitle(title);
      out.setCreator(part.getCreator() ?? "Chromium");
    }
    for (const page of await out.copyPages(part, part.getPageIndices())) out.addPage(page);
  }
  if (opts.pageNumbers) {
    const font = await out.embedFont(StandardFonts.Helvetica);
    const pages = out.getPages();
    pages.forEach((page, i) => {
      const text = pageNumberText(i + 1, pages.length);
      const width = font.widthOfTextAtSize(text, FOOTER.size);
      page.drawText(text, {
        x: page.getWidth() - FOOTER.right - width,
        y: FOOTER.bottom,
        size: FOOTER.size,
        font,
        color: FOOTER.color,
      });
    });
  }
  return out.save();
}
