import type { ReactNode } from 'react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy, rectSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { HolderOutlined } from '@ant-design/icons';

interface Props<T> {
  items: readonly T[];
  idOf: (item: T, index: number) => string;
  onReorder: (items: T[]) => void;
  render: (item: T, index: number) => ReactNode;
  layout?: 'list' | 'grid';
  label: string;
}

function SortableRow({ id, index, children }: { id: string; index: number; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      data-testid="sortable-item"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        listStyle: 'none',
        background: '#fff',
      }}
    >
      <button
        type="button"
        aria-label={`拖动排序 第${index + 1}项`}
        {...attributes}
        {...listeners}
        style={{ cursor: 'grab', border: 'none', background: 'none', padding: 4 }}
      >
        <HolderOutlined />
      </button>
      {children}
    </li>
  );
}

/** Drag (or keyboard: space, arrows, space) to reorder; the new order is handed back whole. */
export function SortableList<T>({ items, idOf, onReorder, render, layout = 'list', label }: Props<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(idOf);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove([...items], ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}>
        <ul
          aria-label={label}
          style={{
            padding: 0,
            margin: 0,
            display: layout === 'grid' ? 'grid' : 'flex',
            gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
            flexDirection: 'column',
            gap: 8,
          }}
        >
          {items.map((item, index) => (
            <SortableRow key={ids[index]} id={ids[index] ?? String(index)} index={index}>
              {render(item, index)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
