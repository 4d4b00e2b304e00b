// A table as an HTML fragment for a TEXT report's email body; every value escaped.
import { escapeXml } from './svg';
import { cellText, type TableData } from './tableSvg';

export function tableToHtml(table: TableData): string {
  const head = table.columns.map((c) => `<th style="text-align:left;padding:4px 8px;border-bottom:1px solid #ccc">${escapeXml(c.label)}</th>`).join('');
  const rows = table.rows
    .map((row) => `<tr>${table.columns.map((c) => `<td style="padding:4px 8px">${escapeXml(cellText(row[c.key]))}</td>`).join('')}</tr>`)
    .join('');
  return `<table style="border-collapse:collapse;font-family:sans-serif;font-size:13px"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}
