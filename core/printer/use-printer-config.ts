import { useEffect } from 'react';
import { usePrinterByDeptQuery } from '../api/print-config.api.ts';
import { printerFromServer, sessionActions } from '../session/session-slice.ts';
import { useAppDispatch, useAppSelector } from '../store/hooks.ts';

/**
 * Keeps `session.printer` (spec §3) in step with the signed-in user's department: loads the printer config by
 * deptId (spec §7.7) after sign-in and whenever the organisation changes. Mounted once by the admin shell.
 */
export function usePrinterConfig(): void {
  const dispatch = useAppDispatch();
  const token = useAppSelector((s) => s.session.token);
  const deptId = useAppSelector((s) => s.session.defaultDeptId);
  const { data } = usePrinterByDeptQuery({ deptId: deptId || undefined }, { skip: !token });
  useEffect(() => {
    if (data) dispatch(sessionActions.setPrinter(printerFromServer(data)));
  }, [data, dispatch]);
}
