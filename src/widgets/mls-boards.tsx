import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { mlsBoardsQueryOptions, saveMlsBoardsWrite } from '../api/agent-lifecycle.ts';
import { serverMessage } from '../api/staff.ts';
import { useWrite } from '../api/write.ts';
import type { MlsBoards as Boards } from '../contract/agents.ts';
import { Button } from '../ui/button.tsx';
import { CheckboxGroup } from '../ui/checkbox-group.tsx';
import { QueryFailure } from '../ui/query-failure.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { useSnackbar } from '../ui/snackbar.tsx';
import * as styles from '../ui/staff.css.ts';

function BoardsForm({ id, boards }: { id: number; boards: Boards }) {
  const snackbar = useSnackbar();
  const [chosen, setChosen] = useState(() => boards.filter((b) => b.selected).map((b) => String(b.id)));
  const save = useWrite(saveMlsBoardsWrite(id), {
    onSuccess: () => {
      snackbar('Saved the MLS boards.', { tone: 'success' });
    },
    onError: (err) => snackbar(serverMessage(err), { tone: 'error' }),
  });
  return (
    <div className={styles.stack}>
      <CheckboxGroup
        legend="MLS Boards"
        value={chosen}
        onChange={setChosen}
        options={boards.map((b) => ({ value: String(b.id), label: `${b.name} (${b.code}, ${b.state})` }))}
      />
      <div>
        <Button disabled={save.isPending} onClick={() => save.mutate(chosen.map(Number))}>
          Save MLS Boards
        </Button>
      </div>
    </div>
  );
}

/**
 * The MLS boards the agent belongs to, chosen from GET /agents-api/mls-board and saved with PUT
 * .../mls-boards: the staff agent page and My Agents' agent page (the server lets staff and the
 * agent's own brokerage admins write them).
 */
export function MlsBoards({ id }: { id: number }) {
  const boards = useQuery(mlsBoardsQueryOptions(id));
  if (boards.isError) return <QueryFailure thing="MLS boards" retry={boards.refetch} />;
  if (!boards.data) return <Skeleton label="Loading" shape="list" />;
  if (boards.data.length === 0) return <p className={styles.meta}>No MLS boards are listed.</p>;
  return <BoardsForm key={boards.dataUpdatedAt} id={id} boards={boards.data} />;
}
