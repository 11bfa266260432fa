// Spend per day as bars (SVG, no chart library: a month is at most 31 bars), with the same figures in a
// table for screen readers.
import { css } from 'styled-system/css';
import { grid, visuallyHidden } from 'styled-system/patterns';
import type { Currency } from '@/contract/teams';
import { formatUtcDay } from '@/domain/helpers/time';
import { formatMoney } from '@/domain/money';
import { useT } from '@/i18n';
import { textRecipe } from '@/ui/text';

export function SpendChart({
  daily,
  currency,
}: {
  daily: Array<{ date: string; amountMinor: number }>;
  currency: Currency;
}) {
  const t = useT();
  const width = 640;
  const height = 140;
  const max = Math.max(1, ...daily.map((day) => day.amountMinor));
  const slot = width / Math.max(daily.length, 1);
  return (
    <figure className={grid({ gap: '2' })}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className={css({ width: '100%', height: 'auto', maxHeight: '12rem' })}
        aria-hidden="true"
      >
        {daily.map((day, index) => {
          const barHeight = Math.round((day.amountMinor / max) * height);
          return (
            <g key={day.date}>
              <rect
                x={index * slot + slot * 0.15}
                y={height - barHeight}
                width={slot * 0.7}
                height={Math.max(barHeight, day.amountMinor > 0 ? 1 : 0)}
                rx={2}
                className={css({ fill: 'accent.brand' })}
              >
                <title>
                  {t('overview.spend.bar', {
                    day: formatUtcDay(day.date),
                    amount: formatMoney(day.amountMinor, currency),
                  })}
                </title>
              </rect>
            </g>
          );
        })}
      </svg>
      {/* Day numbers in HTML, not in the scaled drawing: 12 px however narrow the chart (SPEC §9). */}
      <div
        aria-hidden="true"
        className={css({ display: 'grid', fontSize: 'xs', color: 'fg.muted', textAlign: 'center' })}
        style={{ gridTemplateColumns: `repeat(${Math.max(daily.length, 1)}, minmax(0, 1fr))` }}
      >
        {daily.map((day, index) => (
          <span key={day.date}>{index % 5 === 0 ? Number(day.date.slice(8, 10)) : ''}</span>
        ))}
      </div>
      <figcaption className={textRecipe({ variant: 'hint' })}>{t('overview.spend.chartHint')}</figcaption>
      <table className={visuallyHidden()}>
        <caption>{t('overview.spend.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('overview.spend.day')}</th>
            <th scope="col">{t('overview.spend.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((day) => (
            <tr key={day.date}>
              <td>{formatUtcDay(day.date)}</td>
              <td>{formatMoney(day.amountMinor, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
