package org.scalebench.bench.plot;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.scalebench.bench.io.AtomicFiles;

/**
 * The PNG figures of scalebench, drawn with JFreeChart (headless) and written atomically. Figures are
 * checked by existence, size and non-blank content, not byte for byte (PNG bytes differ between JDKs).
 */
public final class Charts {

    /** One line of a line chart. */
    public record Series(String name, double[] x, double[] y) {
        /**
         * Checks the arrays.
         *
         * @param name legend label
         * @param x x values
         * @param y y values, as many as x
         */
        public Series {
            if (x.length != y.length) {
                throw new IllegalArgumentException("series " + name + ": " + x.length + " x values, " + y.length + " y values");
            }
        }
    }

    private Charts() {
    }

    /**
     * A line chart with markers.
     *
     * @param title the title
     * @param xLabel x axis label
     * @param yLabel y axis label
     * @param logX logarithmic x axis
     * @param logY logarithmic y axis
     * @param series the lines
     * @return the chart
     */
    public static JFreeChart lines(final String title, final String xLabel, final String yLabel, final boolean logX,
            final boolean logY, final List<Series> series) {
        final XYSeriesCollection data = new XYSeriesCollection();
        for (final Series s : series) {
            final XYSeries xy = new XYSeries(s.name(), false, true);
            for (int i = 0; i < s.x().length; i++) {
                xy.add(s.x()[i], s.y()[i]);
            }
            data.addSeries(xy);
        }
        final JFreeChart chart = ChartFactory.createXYLineChart(title, xLabel, yLabel, data, PlotOrientation.VERTICAL,
                true, false, false);
        final XYPlot plot = chart.getXYPlot();
        if (logX) {
            final LogAxis axis = new LogAxis(xLabel);
            axis.setBase(2);
            axis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
            plot.setDomainAxis(axis);
        }
        if (logY) {
            final org.jfree.chart.axis.LogarithmicAxis axis = new org.jfree.chart.axis.LogarithmicAxis(yLabel);
            axis.setStrictValuesFlag(false);
            axis.setAllowNegativesFlag(false);
            plot.setRangeAxis(axis);
        }
        final XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        plot.setRenderer(renderer);
        style(chart);
        return chart;
    }

    /**
     * A bar chart of one value per category, with a subtitle.
     *
     * @param title the title
     * @param subtitle a line under the title, or null
     * @param valueLabel the value axis label
     * @param categories the bars
     * @param values one value per bar
     * @return the chart
     */
    public static JFreeChart bars(final String title, final String subtitle, final String valueLabel,
            final List<String> categories, final double[] values) {
        final DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (int i = 0; i < categories.size(); i++) {
            data.addValue(values[i], valueLabel, categories.get(i));
        }
        final JFreeChart chart = ChartFactory.createBarChart(title, null, valueLabel, data, PlotOrientation.VERTICAL,
                false, false, false);
        if (subtitle != null) {
            chart.addSubtitle(new org.jfree.chart.title.TextTitle(subtitle));
        }
        style(chart);
        return chart;
    }

    private static void style(final JFreeChart chart) {
        chart.setBackgroundPaint(Color.WHITE);
        chart.getPlot().setBackgroundPaint(Color.WHITE);
    }

    /**
     * Draws charts side by side into one PNG, written atomically.
     *
     * @param file the PNG file
     * @param panelWidth width of each chart in pixels
     * @param height height in pixels
     * @param panels the charts, left to right
     * @throws IOException on failure
     */
    public static void savePng(final Path file, final int panelWidth, final int height, final JFreeChart... panels)
            throws IOException {
        final BufferedImage image = new BufferedImage(panelWidth * panels.length, height, BufferedImage.TYPE_INT_RGB);
        final Graphics2D g = image.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, image.getWidth(), image.getHeight());
            for (int i = 0; i < panels.length; i++) {
                g.drawImage(panels[i].createBufferedImage(panelWidth, height), i * panelWidth, 0, null);
            }
        } finally {
            g.dispose();
        }
        AtomicFiles.write(file, tmp -> {
            if (!ImageIO.write(image, "png", tmp.toFile())) {
                throw new IOException("no PNG writer available");
            }
        });
    }
}
