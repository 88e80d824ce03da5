package dev.authservice.benchmarks.rounds;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each round's value of every figure measured, by name, in the order first measured: what results.json keeps under
 * {@code rounds}, and what a figure is the median of.
 */
public final class Rounds {

    private final Map<String, List<Double>> values = new LinkedHashMap<>();

    /** The next round's value of {@code name}. */
    public void add(String name, double value) {
        values.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
    }

    /** The values of {@code name}, the first round's first; null if it was never measured. */
    public List<Double> of(String name) {
        return values.get(name);
    }

    public boolean has(String name) {
        return values.containsKey(name);
    }

    public double median(String name) {
        return median(values.get(name));
    }

    /** {@link #medianRatio(List, List)} of two figures' rounds. */
    public double medianRatio(String numerator, String denominator) {
        return medianRatio(values.get(numerator), values.get(denominator));
    }

    /** Every figure's values, in the order first measured. */
    public Map<String, List<Double>> all() {
        return Collections.unmodifiableMap(values);
    }

    public static double median(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /**
     * The median over the rounds of each round's ratio: the two sides of a ratio are measured one right after the
     * other, while a shared machine's speed drifts over minutes.
     */
    public static double medianRatio(List<Double> numerators, List<Double> denominators) {
        List<Double> ratios = new ArrayList<>();
        for (int round = 0; round < numerators.size(); round++) {
            ratios.add(numerators.get(round) / denominators.get(round));
        }
        return median(ratios);
    }
}
