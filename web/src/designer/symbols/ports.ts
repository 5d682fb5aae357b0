// The connection points a built-in symbol declares (issue 30 point 10): where a pipe meets it (a pump's suction and
// discharge, a valve's two ends, a tank's nozzles). Each is given in the symbol's own drawing units (its SymbolFrame's
// width × height, the same numbers as its defaultSize), at the open end of the nozzle or flange it draws. A symbol
// without an entry gets the ports every element has, the midpoints of its four sides (model/connectors.ts).
// Pure data, without React, so the document model can read it.

export interface SymbolPort {
  /** Stable id stored in a screen document (`attach.start.port`): never renamed once shipped. */
  id: string;
  x: number;
  y: number;
}

export interface SymbolPorts {
  /** The drawing's size in its own units (its viewBox). */
  w: number;
  h: number;
  ports: readonly SymbolPort[];
}

const square = (...ports: [string, number, number][]): SymbolPorts => ({
  w: 64,
  h: 64,
  ports: ports.map(([id, x, y]) => ({ id, x, y })),
});
const sized = (w: number, h: number, ...ports: [string, number, number][]): SymbolPorts => ({
  w,
  h,
  ports: ports.map(([id, x, y]) => ({ id, x, y })),
});

/** A valve's body spans x 6–58 at y 42 (valves.tsx BOWTIE). */
const VALVE = square(['inlet', 6, 42], ['outlet', 58, 42]);
/** A fitting's bore meets the square's edges at their midpoints (pipes.tsx). */
const FITTING_STRAIGHT = square(['inlet', 0, 32], ['outlet', 64, 32]);

const TABLE: Readonly<Record<string, SymbolPorts>> = {
  // Pumps: suction on the left, discharge where each draws its outlet nozzle.
  pump_centrifugal: square(['inlet', 2, 34], ['outlet', 60, 19]),
  pump_positive_displacement: square(['inlet', 2, 34], ['outlet', 62, 34]),
  pump_vacuum: square(['inlet', 19, 4], ['outlet', 45, 4]),
  pump_dosing: square(['inlet', 2, 36], ['outlet', 22, 6]),
  // Valves: the two ends of the body; the three-way valve adds its branch below.
  valve_gate: VALVE,
  valve_globe: VALVE,
  valve_ball: VALVE,
  valve_butterfly: square(['inlet', 4, 42], ['outlet', 60, 42]),
  valve_check: VALVE,
  valve_control: VALVE,
  valve_solenoid: VALVE,
  valve_three_way: square(['inlet', 4, 37], ['outlet', 60, 37], ['branch', 32, 62]),
  valve_relief: square(['inlet', 32, 62], ['outlet', 60, 40]),
  // Tanks and vessels: a nozzle at the top, the bottom outlet and the sides.
  tank_vertical: sized(64, 96, ['top', 32, 6], ['left', 8, 64], ['right', 56, 64], ['bottom', 32, 84]),
  tank_horizontal: sized(96, 64, ['top', 48, 8], ['left', 6, 29], ['right', 90, 29], ['bottom', 48, 50]),
  silo: sized(64, 96, ['top', 32, 4], ['outlet', 32, 86]),
  basin_open: sized(96, 64, ['left', 4, 30], ['right', 92, 30], ['bottom', 48, 58]),
  vessel_pressure: sized(64, 96, ['top', 32, 2], ['side', 62, 64], ['bottom', 32, 86]),
  filter: square(['inlet', 2, 17], ['outlet', 62, 47]),
  cyclone: sized(64, 96, ['inlet', 2, 23], ['gas', 32, 2], ['dust', 32, 92]),
  // Pipe fittings: every open end.
  pipe_straight: FITTING_STRAIGHT,
  pipe_elbow: square(['inlet', 0, 32], ['outlet', 32, 64]),
  pipe_tee: square(['inlet', 0, 32], ['outlet', 64, 32], ['branch', 32, 64]),
  pipe_cross: square(['left', 0, 32], ['right', 64, 32], ['top', 32, 0], ['bottom', 32, 64]),
  pipe_reducer: FITTING_STRAIGHT,
  pipe_flange: FITTING_STRAIGHT,
  // Heat exchangers: shell side and tube side of the shell-and-tube, the plate pack's four connections, a boiler's
  // feed water and steam, a cooling tower's hot water in and cold water out.
  exchanger_shell_tube: sized(
    96,
    64,
    ['shell_in', 31, 2],
    ['shell_out', 73, 62],
    ['tube_in', 4, 46],
    ['tube_out', 4, 20],
  ),
  exchanger_plate: square(['hot_in', 0, 18], ['hot_out', 0, 46], ['cold_in', 64, 46], ['cold_out', 64, 18]),
  cooling_tower: sized(64, 96, ['inlet', 32, 8], ['outlet', 60, 88]),
  boiler: sized(64, 96, ['steam', 32, 2], ['feed', 10, 70]),
  furnace: square(['flue', 45, 2], ['feed', 6, 41]),
  // Machines with a suction and a discharge.
  compressor_centrifugal: square(['inlet', 2, 32], ['outlet', 62, 32]),
  compressor_reciprocating: square(['inlet', 14, 6], ['outlet', 50, 6]),
  blower: square(['inlet', 8, 32], ['outlet', 60, 15]),
  meter_flow: square(['inlet', 0, 44], ['outlet', 64, 44]),
};

/** The ports a built-in symbol declares, or undefined for one that keeps the four side midpoints. */
export function symbolPorts(symbolId: string): SymbolPorts | undefined {
  return TABLE[symbolId];
}

/** The ids of the symbols that declare ports (for the tests). */
export const SYMBOLS_WITH_PORTS: readonly string[] = Object.keys(TABLE);
