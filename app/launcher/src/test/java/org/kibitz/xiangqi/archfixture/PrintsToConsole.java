package org.kibitz.xiangqi.archfixture;

/** Breaks the console rule on purpose (test sources only). */
public class PrintsToConsole {
    public void say() {
        System.out.println("hello");
    }
}
