import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { useRef } from "react";
import type { AdminProductItem } from "./admin-product-item";

/**
 * The drag-and-drop list around the table or the cards: pointer and keyboard sensors, and what a screen
 * reader hears (the product's name and place, never an internal id).
 */
export function SortableList({
  id,
  products,
  onReorder,
  children,
}: {
  id: string;
  products: AdminProductItem[];
  onReorder: (ids: string[]) => void;
  children: React.ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = products.map((product) => product.id);
  const nameOf = (itemId: string | number) => products.find((product) => product.id === itemId)?.name ?? "product";
  const positionOf = (itemId: string | number) => ids.indexOf(String(itemId)) + 1;
  // dnd-kit fires onDragOver right after onDragStart (the picked-up item is over itself), and its live
  // region keeps only the latest message: announcing that "move" replaced "Picked up …" before a screen
  // reader could read it. So a move is announced only when the item is over a different place than last time.
  const lastOver = useRef<string | number | null>(null);
  // Screen readers hear the product's name and its place, not an internal id.
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${ids.length}.`;
    },
    onDragOver: ({ active, over }) => {
      const overId = over?.id ?? null;
      if (overId === lastOver.current) return undefined;
      lastOver.current = overId;
      return over
        ? `${nameOf(active.id)} moved to position ${positionOf(over.id)} of ${ids.length}.`
        : `${nameOf(active.id)} is no longer over the list.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${ids.length}.`
        : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) =>
      `Reordering cancelled. ${nameOf(active.id)} went back to position ${positionOf(active.id)}.`,
  };
  function onDragEnd(event: DragEndEvent) {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  }
  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      autoScroll={{ interval: 5, threshold: { x: 0.2, y: 0.2 } }}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "To reorder, press Space or Enter to pick the product up, use the arrow keys to move it, and press Space or Enter again to drop it. Press Escape to cancel.",
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
