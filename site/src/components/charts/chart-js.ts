// Chart.js with the pieces the admin dashboards draw, registered once. Loaded only through LazyCharts.tsx.
import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, BarElement, ArcElement, Tooltip, Legend);

export { Bar, Doughnut, Line } from 'react-chartjs-2';
