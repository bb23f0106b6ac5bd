/**
 * A minimal PDF 1.4 text document: the demo's annual report attachment.
 */
export function pdfEscape(text) {
  return text.replace(/[\\()]/g, (ch) => `\\${ch}`);
}

export function annualReportPdf() {
  const lines = [
    ['F2', 22, 'Northwind Energy'],
    ['F1', 16, 'Annual Report 2025 - Summary'],
    ['F1', 11, ''],
    ['F1', 11, 'Northwind Energy B.V. is a fictional company used in this demonstration newsroom.'],
    ['F1', 11, 'All figures below are invented for illustration purposes only.'],
    ['F1', 11, ''],
    ['F2', 13, 'Key figures 2025'],
    ['F1', 11, 'Installed renewable capacity: 4.2 GW (+18% year on year)'],
    ['F1', 11, 'Electricity generated: 11.6 TWh'],
    ['F1', 11, 'Revenue: EUR 2.31 billion'],
    ['F1', 11, 'Investments in new capacity: EUR 1.4 billion'],
    ['F1', 11, 'Employees: 3,120 in six countries'],
    ['F1', 11, 'CO2 avoided: 5.9 million tonnes'],
    ['F1', 11, ''],
    ['F2', 13, 'Outlook 2026'],
    ['F1', 11, 'Northwind expects to reach 5 GW of installed capacity by the end of 2026,'],
    ['F1', 11, 'driven by the Dogger Ridge offshore wind farm and new solar parks in Zeeland.'],
    ['F1', 11, ''],
    ['F1', 9, 'Northwind Energy - Kade 12 - 1011 AB Amsterdam - press@northwind.example'],
  ];
  let content = 'BT\n72 770 Td\n';
  let leadingPrev = 0;
  for (const [font, size, text] of lines) {
    const leading = Math.round(size * 1.6);
    content += `0 -${leadingPrev || 0} Td\n/${font} ${size} Tf\n(${pdfEscape(text)}) Tj\n`;
    leadingPrev = leading;
  }
  content += 'ET\n';
  content += '0.043 0.36 0.294 RG\n2 w\n72 790 m 523 790 l S\n';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
    '<< /Title (Northwind Energy Annual Report 2025) /Author (Northwind Energy) /Producer (generate-demo-media.mjs) >>',
  ];
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
