package org.scalebench.bench.train;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Polygon;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.List;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.scalebench.bench.io.AtomicFiles;
import org.scalebench.training.projection.ProjectionTable;

/**
 * The speedup plot of a reproduction: speedup over one GPU against the device count {@code N} (both log
 * scales), one series for data parallelism and one per hybrid MP degree, one panel per model, sharing the
 * {@code N} axis. Rendered headless with JFreeChart and written atomically. Stateless.
 */
public final class SpeedupChart {

    private static final Color[] COLORS = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
        new Color(0x9467bd), new Color(0xff7f0e)};

    private static final Shape[] SHAPES = {new Rectangle2D.Double(-3, -3, 6, 6), new Ellipse2D.Double(-3, -3, 6, 6),
        new Polygon(new int[] {-3, 3, 0}, new int[] {3, 3, -3}, 3), new Polygon(new int[] {0, 3, 0, -3},
                new int[] {-4, 0, 4, 0}, 4)};

    private SpeedupChart() {
    }

    private static LogAxis powersOfTwo(final String label) {
        final LogAxis axis = new LogAxis(label);
        axis.setBase(2);
        axis.setTickUnit(new NumberTickUnit(1));
        axis.setSmallestValue(0.5);
        axis.setNumberFormatOverride(new DecimalFormat("0"));
        return axis;
    }

    /**
     * Builds the chart.
     *
     * @param title the chart title
     * @param reports one projection per panel
     * @return the chart
     */
    public static JFreeChart chart(final String title, final List<ProjectionReport> reports) {
        final LogAxis devices = powersOfTwo("GPUs (N)");
        final CombinedDomainXYPlot combined = new CombinedDomainXYPlot(devices);
        combined.setGap(12);
        XYPlot first = null;
        for (final ProjectionReport report : reports) {
            final ProjectionTable t = report.table();
            final int[] degrees = t.degrees();
            final XYSeriesCollection data = new XYSeriesCollection();
            for (int c = 0; c < degrees.length; c++) {
                final XYSeries series = new XYSeries(degrees[c] == 1 ? "data parallel" : "hybrid M=" + degrees[c]);
                for (int r = 0; r < t.rows(); r++) {
                    if (t.feasible(r, c)) {
                        series.add(t.devices(r), t.speedupOverOneDevice(r, c));
                    }
                }
                data.addSeries(series);
            }
            final LogAxis speedup = powersOfTwo(report.projector().model().name() + ": speedup over 1 GPU");
            speedup.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
            final XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
            for (int c = 0; c < degrees.length; c++) {
                renderer.setSeriesPaint(c, COLORS[c % COLORS.length]);
                renderer.setSeriesStroke(c, new BasicStroke(c == 0 ? 2.5f : 1.5f));
                renderer.setSeriesShape(c, SHAPES[c % SHAPES.length]);
            }
            final XYPlot plot = new XYPlot(data, null, speedup, renderer);
            plot.setBackgroundPaint(Color.WHITE);
            plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
            plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
            combined.add(plot, 1);
            if (first == null) {
                first = plot;
            }
        }
        if (first != null) {
            combined.setFixedLegendItems(first.getLegendItems());
        }
        final JFreeChart chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, combined, true);
        chart.setTitle(new TextTitle(title, new Font(Font.SANS_SERIF, Font.BOLD, 14)));
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    /**
     * Writes the chart as a PNG, atomically.
     *
     * @param file the PNG file
     * @param chart the chart
     * @param width pixels
     * @param height pixels
     * @throws IOException if writing fails
     */
    public static void writePng(final Path file, final JFreeChart chart, final int width, final int height)
            throws IOException {
        System.setProperty("java.awt.headless", "true");
        AtomicFiles.write(file, tmp -> ChartUtils.saveChartAsPNG(tmp.toFile(), chart, width, height));
    }
}
