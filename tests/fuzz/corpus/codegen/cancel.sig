<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="2" mpi-library="MPICH Version:&#9;4.0.2" tracer="0.1.0">
  <arg>/app/cancel</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="3" ratio="12.714285714285714" trace-length="712" signature-length="56" messages-matched="600"/>
 <sites>
  <site id="0" module="/app/cancel" offset="4581" function="main" file="/app/x" line="18"/>
  <site id="1" module="/app/cancel" offset="5151" function="main" file="/app/x" line="32"/>
  <site id="2" module="/app/cancel" offset="5161" function="irr_clock" file="/app/x" line="36"/>
  <site id="3" module="/app/cancel" offset="5318" function="main" file="/app/x" line="37"/>
  <site id="4" module="/app/cancel" offset="5962" function="main" file="/app/x" line="43"/>
  <site id="5" module="/app/cancel" offset="5875" function="main" file="/app/x" line="48"/>
  <site id="6" module="/app/cancel" offset="5885" function="main" file="/app/x" line="49"/>
  <site id="7" module="/app/cancel" offset="5898" function="main" file="/app/x" line="50"/>
  <site id="8" module="/app/cancel" offset="5545" function="irr_clock" file="/app/x" line="36"/>
  <site id="9" module="/app/cancel" offset="5568" function="main" file="/app/x" line="57"/>
  <site id="10" module="/app/cancel" offset="5579" function="main" file="/app/x" line="58"/>
  <site id="11" module="/app/cancel" offset="5652" function="main" file="/app/x" line="63"/>
  <site id="12" module="/app/cancel" offset="5735" function="main" file="/app/x" line="74"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="356" time-ns="64111116" compute-ns="10648319" mpi-ns="44383383" per-event-ns="176" comms="0 -"/>
  <rank id="1" class="0" events="356" time-ns="62247696" compute-ns="10476591" mpi-ns="46802932" per-event-ns="98" comms="0 -"/>
 </ranks>
 <class id="0" ranks="0 1" program="3" events="356" length="28" time-ns="63179406">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute mean="8901.5" min="8024" max="9779" shift="176" buckets="648:1 659:1"/>
   <duration min="41235649" max="42951185"/>
  </symbol>
  <symbol id="1" call="MPI_Irecv" comm="0" tag="66" dtsize="4" site="1" prev-site="0" occurrences="2">
   <peer kind="any"/>
   <side role="member" events="2" count="1" bytes="4"/>
   <compute min="9088" max="12541" shift="176"/>
   <duration min="7211" max="9203"/>
  </symbol>
  <symbol id="2" call="MPI_Barrier" comm="0" site="2" prev-site="1" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute mean="21480" min="18451" max="24509" shift="176" buckets="705:1 725:1"/>
   <compute-cpu mean="20418.5" min="18451" max="22386" shift="176" buckets="705:1 718:1"/>
   <duration min="17787" max="3630294"/>
  </symbol>
  <symbol id="3" call="MPI_Sendrecv" comm="0" tag="1" tag2="1" dtsize="8" site="3" prev-site="2" occurrences="2" match="0" match2="0">
   <peer kind="mod" value="1"/>
   <peer2 kind="mod" value="1"/>
   <side role="member" events="2" count="256" bytes="2048" rbytes="2048"/>
   <compute mean="11302.5" min="10450" max="12155" shift="176" buckets="663:1 673:1"/>
   <duration min="20390" max="21912"/>
  </symbol>
  <symbol id="4" call="MPI_Test" comm="0" site="4" prev-site="3" occurrences="60">
   <side role="member" events="60" count="0"/>
   <compute mean="33763.05" min="32312" max="40255" shift="176" buckets="748:3 750:33 751:7 752:2 753:8 754:3 755:2 756:1 761:1"/>
   <compute-cpu mean="33162.8" min="32293" max="39063" shift="176" buckets="748:10 749:28 750:6 752:3 753:10 754:2 759:1"/>
   <duration mean="477.48333333333335" min="50" max="9464" buckets="278:1 293:7 295:2 312:5 313:1 320:3 328:7 335:3 336:1 343:2 350:1 354:2 358:2 362:3 366:1 370:1 374:2 378:1 385:1 424:1 430:1 432:1 433:1 434:1 439:1 443:1 451:1 452:1 453:1 456:1 457:1 650:1 657:1"/>
  </symbol>
  <symbol id="5" call="MPI_Irecv" comm="0" tag="67" dtsize="4" site="5" prev-site="4" occurrences="12">
   <peer kind="mod" value="1"/>
   <side role="member" events="12" count="1" bytes="4"/>
   <compute mean="176.16666666666666" min="0" max="1014" shift="176" zeros="3" buckets="50:2 218:1 228:2 306:1 322:1 483:1 499:1"/>
   <duration mean="427.4166666666667" min="70" max="2103" buckets="304:1 321:1 351:1 354:2 366:1 370:1 424:1 436:1 462:2 551:1"/>
  </symbol>
  <symbol id="6" call="MPI_Cancel" comm="0" site="6" prev-site="5" occurrences="12">
   <side role="member" events="12" count="0"/>
   <link dist="1" index="0" call="MPI_Irecv"/>
   <compute mean="1394.4166666666667" min="0" max="7446" shift="176" zeros="1" buckets="267:1 360:1 366:1 370:1 372:1 394:1 405:1 414:1 438:1 638:1 641:1"/>
   <duration mean="1625.0833333333333" min="231" max="7662" buckets="390:1 404:1 414:2 416:1 430:2 432:1 476:1 500:1 638:1 643:1"/>
  </symbol>
  <symbol id="7" call="MPI_Wait" comm="0" site="7" prev-site="6" occurrences="12">
   <side role="member" events="12" count="0"/>
   <link dist="1" index="0" call="MPI_Irecv" cancelled="1"/>
   <compute mean="211.66666666666666" min="0" max="836" shift="176" zeros="1" buckets="100:1 296:1 306:1 322:1 330:1 338:2 360:1 394:1 473:1 481:1"/>
   <duration mean="698.5" min="90" max="4657" buckets="320:1 328:1 343:1 362:1 370:1 374:1 378:1 382:1 402:1 408:1 542:1 606:1"/>
  </symbol>
  <symbol id="8" call="MPI_Sendrecv" comm="0" tag="1" tag2="1" dtsize="8" site="3" prev-site="7" occurrences="12" match="1" match2="1">
   <peer kind="mod" value="1"/>
   <peer2 kind="mod" value="1"/>
   <side role="member" events="12" count="256" bytes="2048" rbytes="2048"/>
   <compute mean="679.4166666666666" min="165" max="2496" shift="176" buckets="364:1 370:1 400:1 403:1 411:1 413:1 417:1 439:1 444:1 446:1 557:1 561:1"/>
   <duration mean="5580.083333333333" min="1282" max="13811" buckets="512:1 518:1 527:1 533:1 550:1 557:1 566:1 618:1 665:2 679:1 684:1"/>
  </symbol>
  <symbol id="9" call="MPI_Sendrecv" comm="0" tag="1" tag2="1" dtsize="8" site="3" prev-site="3" occurrences="538" ws="2080768" ws-samples="1" match="2" match2="2">
   <peer kind="mod" value="1"/>
   <peer2 kind="mod" value="1"/>
   <side role="member" events="538" count="256" bytes="2048" rbytes="2048"/>
   <compute mean="34913.56505576208" min="32422" max="229517" shift="176" buckets="748:36 750:290 751:59 752:20 753:67 754:31 755:22 756:1 765:1 768:1 769:1 781:1 792:1 798:1 800:1 820:1 827:1 852:1 853:1 887:1"/>
   <compute-cpu mean="34009.016728624534" min="19362" max="118500" shift="176" buckets="708:1 748:51 749:247 750:97 751:4 752:16 753:91 754:17 755:2 764:1 767:1 768:1 779:1 791:1 796:1 800:1 817:1 820:1 823:1 826:1 840:1"/>
   <duration mean="5329.685873605948" min="902" max="535904" buckets="488:1 495:1 498:1 501:2 502:1 505:1 506:1 508:5 509:2 510:7 511:4 512:1 513:5 514:1 515:2 516:7 517:3 518:2 519:4 520:5 521:7 522:7 523:3 524:6 525:9 526:9 527:2 528:3 529:4 530:7 531:2 532:5 533:2 534:7 535:5 536:10 537:3 538:2 539:4 540:6 541:3 542:4 543:2 544:4 545:3 546:4 547:5 548:4 549:8 550:10 551:7 552:4 553:12 554:10 555:10 556:3 557:4 558:7 559:5 560:2 561:3 562:4 563:7 565:5 566:4 567:3 568:4 569:3 570:1 571:1 572:1 573:1 577:2 578:4 579:2 580:3 581:4 582:3 583:3 584:6 585:4 586:7 587:5 588:4 589:2 590:2 591:5 592:2 593:2 594:4 595:4 596:3 597:2 598:2 599:1 600:6 601:1 602:10 603:7 604:6 605:3 606:2 607:4 608:1 609:1 610:3 611:2 612:3 615:2 617:1 619:2 620:1 622:1 623:2 624:3 625:1 627:1 628:2 629:2 630:1 632:2 633:1 634:2 636:1 637:1 640:1 641:1 642:1 643:2 648:1 652:1 653:1 654:4 655:3 657:5 658:2 659:5 660:2 661:4 662:4 664:1 666:1 667:2 668:1 669:1 670:3 671:4 672:2 675:2 676:4 677:3 679:1 680:1 681:2 684:1 685:2 686:1 689:2 704:1 707:1 714:1 751:1 754:1 791:1 801:1 806:1 951:1"/>
  </symbol>
  <symbol id="10" call="MPI_Sendrecv" comm="0" tag="1" tag2="1" dtsize="8" site="3" prev-site="4" occurrences="48" match="3" match2="3">
   <peer kind="mod" value="1"/>
   <peer2 kind="mod" value="1"/>
   <side role="member" events="48" count="256" bytes="2048" rbytes="2048"/>
   <compute mean="106.45833333333333" min="4" max="295" shift="176" buckets="100:2 193:2 228:2 246:1 254:1 265:2 267:1 268:1 281:1 287:1 298:2 306:4 314:2 322:3 330:5 338:4 346:1 352:1 355:1 359:1 372:2 374:1 378:1 384:1 394:1 396:2 407:2"/>
   <duration mean="3706.7708333333335" min="921" max="9424" buckets="489:1 496:1 504:1 511:1 513:1 516:2 518:1 522:1 523:1 525:2 529:1 531:1 541:1 543:1 544:1 546:2 547:1 550:1 551:2 561:1 577:1 580:1 600:1 601:2 603:1 605:1 607:1 608:1 609:1 611:1 616:1 617:1 618:1 622:1 629:1 630:1 633:1 635:1 636:1 648:1 650:2 657:1"/>
  </symbol>
  <symbol id="11" call="MPI_Barrier" comm="0" site="8" prev-site="3" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="32833" max="33041" shift="176"/>
   <compute-cpu mean="32621.5" min="32410" max="32833" shift="176" buckets="749:1 750:1"/>
   <duration min="4436" max="6780"/>
  </symbol>
  <symbol id="12" call="MPI_Cancel" comm="0" site="9" prev-site="8" occurrences="2">
   <side role="member" events="2" count="0"/>
   <link dist="7" index="0" call="MPI_Irecv"/>
   <compute mean="4425" min="3760" max="5090" shift="176" buckets="592:1 612:1"/>
   <duration min="431" max="781"/>
  </symbol>
  <symbol id="13" call="MPI_Wait" comm="0" site="10" prev-site="9" occurrences="2">
   <side role="member" events="2" count="0"/>
   <link dist="7" index="0" call="MPI_Irecv" cancelled="1"/>
   <compute mean="474" min="415" max="533" shift="176" buckets="430:1 451:1"/>
   <duration min="60" max="160"/>
  </symbol>
  <symbol id="14" call="MPI_Reduce" comm="0" dtsize="8" op="MPI_SUM" site="11" prev-site="10" occurrences="2">
   <root kind="abs" value="0"/>
   <side role="member" events="1" count="1" bytes="8"/>
   <side role="root" events="1" count="1" bytes="8" rbytes="8"/>
   <compute mean="2617.5" min="2408" max="2827" shift="176" buckets="559:1 569:1"/>
   <duration min="34832" max="71286"/>
  </symbol>
  <symbol id="15" call="MPI_Finalize" comm="0" site="12" prev-site="11" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="6011" max="89237" shift="176"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="0" events="1" time-ns="40243.250929368034">
   <s ref="9"/>
  </block>
  <block id="1" events="11" time-ns="400243.02086431225">
   <loop body="0" count="9"/>
   <s ref="4"/>
   <s ref="10"/>
  </block>
  <block id="2" events="58" time-ns="2008194.6251548948">
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
   <loop body="1" count="4"/>
   <loop body="0" count="9"/>
  </block>
  <block id="3" events="356" time-ns="14062281.999999996">
   <s ref="0"/>
   <s ref="1"/>
   <s ref="2"/>
   <s ref="3"/>
   <loop body="2" count="5"/>
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
   <loop body="1" count="4"/>
   <loop body="0" count="8"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
  </block>
  <dominant block="0" count="9" share="0.7698206094857154" iteration-ns="40243.250929368034"/>
 </class>
</signature>
