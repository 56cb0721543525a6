// The picture a shared report shows in a WhatsApp or Facebook preview: 1200×630 JPEG, the report's
// cover photo filling it (or the site's colour without one), "SE BUSCA" or "ENCONTRADO" in a band
// across the top, and the dog's name, zone and date across the bottom. Drawn with sharp, the text
// as an SVG layer.
import { formatCalendarDate, lostFoundHeadline } from '../../shared/lost-found';
import { escapeHtml } from '../mail/messages';
import { loadSharp } from '../photos/processing';

export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

export interface ShareReport {
  kind: 'lost' | 'found';
  name: string;
  sex: 'male' | 'female' | null;
  zone_name: string;
  date: string;
}

/** Cuts `text` to `max` characters with an ellipsis. */
const fit = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

function overlay(report: ShareReport): Buffer {
  const lost = report.kind === 'lost';
  const banner = lost ? 'SE BUSCA' : 'ENCONTRADO';
  const color = lost ? '#b91c1c' : '#15803d';
  const title = fit(report.name || lostFoundHeadline(report).split(',')[0]!, 28);
  const place = fit(report.zone_name, 40);
  const ending = report.sex === 'female' ? 'a' : 'o';
  const when = `${lost ? 'Perdid' : 'Encontrad'}${ending} el ${formatCalendarDate(report.date)}`;
  const font = 'font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"';
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}">
  <defs>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.85"/>
    </linearGradient>
  </defs>
  <rect x="0" y="0" width="${SHARE_WIDTH}" height="120" fill="${color}"/>
  <text x="600" y="88" text-anchor="middle" ${font} font-size="80" font-weight="bold" fill="#fff" letter-spacing="6">${banner}</text>
  <rect x="0" y="360" width="${SHARE_WIDTH}" height="270" fill="url(#shade)"/>
  <text x="48" y="480" ${font} font-size="64" font-weight="bold" fill="#fff">${escapeHtml(title)}</text>
  <text x="48" y="540" ${font} font-size="40" fill="#fff">${escapeHtml(place)}</text>
  <text x="48" y="592" ${font} font-size="34" fill="#f5f5f5">${escapeHtml(when)}</text>
</svg>`);
}

/** The JPEG for `report`, over `photo` (its largest JPEG) when it has one. */
export async function drawShareImage(report: ShareReport, photo: Buffer | null): Promise<Buffer> {
  const sharp = await loadSharp();
  const base = photo
    ? sharp(photo).resize(SHARE_WIDTH, SHARE_HEIGHT, { fit: 'cover', position: 'attention' })
    : sharp({
        create: {
          width: SHARE_WIDTH,
          height: SHARE_HEIGHT,
          channels: 3,
          background: '#7c4a1e',
        },
      });
  return base
    .composite([{ input: overlay(report), top: 0, left: 0 }])
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}
