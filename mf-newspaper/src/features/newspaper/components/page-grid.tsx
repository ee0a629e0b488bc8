import type { CSSProperties } from 'react';
import { Card } from 'antd';
import type { NewspaperPage } from 'shared-sdk';

export interface PageGridProps {
  pages: readonly NewspaperPage[];
  onOpen: (index: number) => void;
}

export const pageLabel = (index: number) => `第${index + 1}版`;

const grid: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: 20,
  margin: 0,
  padding: 0,
  listStyle: 'none',
};
// Pages are about A3 (1 : 1.414): reserving the height keeps the grid still while images load.
const image: CSSProperties = { width: '100%', aspectRatio: '1 / 1.414', objectFit: 'contain', background: '#fafafa' };

/** The pages as images, loaded only as they scroll into view. */
export function PageGrid({ pages, onOpen }: PageGridProps) {
  return (
    <ul style={grid} aria-label="版面列表">
      {pages.map((page, index) => (
        <li key={page.pdf}>
          <Card
            hoverable
            role="button"
            tabIndex={0}
            aria-label={`打开${pageLabel(index)}`}
            onClick={() => onOpen(index)}
            onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && onOpen(index)}
            cover={<img src={page.img} alt={pageLabel(index)} loading="lazy" style={image} />}
            styles={{ body: { padding: '8px 12px', textAlign: 'center' } }}
          >
            {pageLabel(index)}
          </Card>
        </li>
      ))}
    </ul>
  );
}
