/**
 * The lane's digital twin (issue 24) in three.js, beside 车道监控: the deck, the two infrared gratings at its ends,
 * the exit barrier and the traffic light, and the truck where the lane's snapshot places it — at the entry while
 * arriving / identified, on the deck from 上磅 to 抬杆, beyond the barrier once it is open and the deck empties —
 * redrawn from the same STOMP snapshots as the monitor (no state of its own). A blocked grating glows orange.
 * three.js is loaded with this screen only (dynamic import: its own chunk).
 */
import { useEffect, useRef } from 'react';
import type { LaneSnapshot } from '../../../core/weighing/lane.ts';

type Three = typeof import('three');

interface Scene {
  render(s: LaneSnapshot | null): void;
  dispose(): void;
}

/** Where the truck stands (x along the lane, deck from −6 to 6); null = no truck. */
export function truckX(s: LaneSnapshot | null): number | null {
  if (!s?.plate) return null;
  switch (s.state) {
    case 'arrived':
    case 'identified':
      return -11;
    case 'open':
      return s.sensors?.front ? 6 : 0;
    default:
      return s.sensors?.rear ? -4 : 0;
  }
}

function build(T: Three, el: HTMLDivElement): Scene {
  const w = el.clientWidth || 400;
  const h = el.clientHeight || 260;
  const renderer = new T.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(Math.min(2, globalThis.devicePixelRatio || 1));
  renderer.setSize(w, h);
  el.appendChild(renderer.domElement);
  const scene = new T.Scene();
  scene.background = new T.Color('#1f2a30');
  const camera = new T.PerspectiveCamera(40, w / h, 0.1, 200);
  camera.position.set(4, 14, 22);
  camera.lookAt(0, 0, 0);
  scene.add(new T.AmbientLight(0xffffff, 0.7));
  const sun = new T.DirectionalLight(0xffffff, 1.2);
  sun.position.set(8, 20, 10);
  scene.add(sun);
  const box = (x: number, y: number, z: number, color: string) =>
    new T.Mesh(new T.BoxGeometry(x, y, z), new T.MeshLambertMaterial({ color }));
  const road = box(34, 0.1, 5, '#37474f');
  road.position.y = -0.1;
  scene.add(road);
  const deck = box(12, 0.4, 4, '#90a4ae');
  deck.position.y = 0.1;
  scene.add(deck);
  // gratings: a post pair at each end of the deck (front = exit end, rear = entry end)
  const grating = (x: number) => {
    const g = new T.Group();
    for (const z of [-2.6, 2.6]) {
      const p = box(0.3, 1.6, 0.3, '#cfd8dc');
      p.position.set(x, 0.8, z);
      g.add(p);
    }
    const beam = box(0.08, 0.08, 5.2, '#4caf50');
    beam.position.set(x, 1.0, 0);
    g.add(beam);
    scene.add(g);
    return beam.material as import('three').MeshLambertMaterial;
  };
  const front = grating(6.3);
  const rear = grating(-6.3);
  // barrier beyond the exit
  const post = box(0.5, 1.4, 0.5, '#eceff1');
  post.position.set(8, 0.7, 2.8);
  scene.add(post);
  const arm = new T.Group();
  const armBar = box(0.2, 0.2, 5.5, '#e53935');
  armBar.position.set(0, 0, -2.75);
  arm.add(armBar);
  arm.position.set(8, 1.3, 2.8);
  scene.add(arm);
  // traffic light
  const pole = box(0.2, 3, 0.2, '#455a64');
  pole.position.set(9, 1.5, -3);
  scene.add(pole);
  const lamp = (y: number) => {
    const m = new T.Mesh(new T.SphereGeometry(0.35, 16, 12), new T.MeshBasicMaterial({ color: '#333' }));
    m.position.set(9, y, -2.7);
    scene.add(m);
    return m.material as import('three').MeshBasicMaterial;
  };
  const red = lamp(3.2);
  const green = lamp(2.4);
  // the truck: cab + box
  const truck = new T.Group();
  const body = box(6, 2.2, 2.4, '#f9a825');
  body.position.set(-0.8, 1.5, 0);
  const cab = box(1.8, 1.8, 2.4, '#fbc02d');
  cab.position.set(3.2, 1.3, 0);
  truck.add(body, cab);
  scene.add(truck);

  const render = (s: LaneSnapshot | null) => {
    const x = truckX(s);
    truck.visible = x !== null;
    if (x !== null) truck.position.x = x;
    front.color.set(s?.sensors?.front ? '#ff9800' : '#4caf50');
    rear.color.set(s?.sensors?.rear ? '#ff9800' : '#4caf50');
    arm.rotation.x = s?.barrier === 'open' ? Math.PI / 2.4 : 0;
    red.color.set(s && s.light === 'red' ? '#ff3b30' : '#333');
    green.color.set(s && s.light === 'green' ? '#34c759' : '#333');
    renderer.render(scene, camera);
  };
  return {
    render,
    dispose() {
      renderer.dispose();
      renderer.domElement.remove();
    },
  };
}

export function LaneTwin({ snap }: { snap: LaneSnapshot | null }) {
  const host = useRef<HTMLDivElement>(null);
  const scene = useRef<Scene | null>(null);
  const last = useRef<LaneSnapshot | null>(snap);
  last.current = snap;
  useEffect(() => {
    let alive = true;
    void import('three').then((T) => {
      if (!alive || !host.current) return;
      try {
        scene.current = build(T, host.current);
        scene.current.render(last.current);
      } catch {
        /* no WebGL: the monitor works without the twin */
      }
    });
    return () => {
      alive = false;
      scene.current?.dispose();
      scene.current = null;
    };
  }, []);
  useEffect(() => {
    scene.current?.render(snap);
  }, [snap]);
  return <div ref={host} className="ly-lm-twin" data-testid="lane-twin" />;
}
